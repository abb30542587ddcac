import {
  DirectEstimateRequest,
  DirectEstimateResponse,
  InstagramWebhookParams,
  InstagramWebhookPayload,
  SimulatorInstagramInboundRequest,
} from './instagram'
import { DirectRequest } from './outreach/channels'
import { JobResponse } from './outreach/jobs'
import { instagramPaths } from './paths/instagram'
import { defineRoutes } from './route'
import { SimulatorInboundResponse, SimulatorParams } from './simulator'
import { WebhookVerifyQuery } from './webhooks'

/**
 * The routes of Instagram direct, on the methods and paths of `paths/instagram`: the seed's direct job and its
 * estimate, Meta's webhook (read raw: the signature is checked before anything is), and the simulator's customer.
 */
export const instagramRoutes = /* @__PURE__ */ defineRoutes(instagramPaths, () => ({
  sendDirect: { body: DirectRequest, response: JobResponse },
  directEstimate: { body: DirectEstimateRequest, response: DirectEstimateResponse },
  instagramWebhookVerify: { params: InstagramWebhookParams, query: WebhookVerifyQuery, answers: 'text' },
  instagramWebhookReceive: { params: InstagramWebhookParams, rawBody: true, body: InstagramWebhookPayload },
  simulatorInstagramInbound: {
    params: SimulatorParams,
    body: SimulatorInstagramInboundRequest,
    response: SimulatorInboundResponse,
  },
}))
