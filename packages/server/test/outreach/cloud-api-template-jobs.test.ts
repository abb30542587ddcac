import type { ErrorResponse, Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloudText, deliverCloud } from '../support/cloud'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { finished, type JobsDesk, recipientsOf, startJobsDesk, waitForJob } from '../support/jobs'
import { FOLLOW_UP, ORDER_UPDATE, PROMO_IMAGE } from '../support/templates'

const PHONE_ID = '106540352242942'
const WABA_ID = '102290129340499'
const TOKEN = 'token-template-jobs'
const APP_SECRET = 'secret-template-jobs'

type TemplateCall = {
  to: string
  type: string
  text?: { body: string }
  template?: { name: string; components: Array<{ type: string; parameters: Array<{ text?: string }> }> }
}

/** Bulk jobs on the official API: templates with mapped variables, open windows only, the seed's calls refused. */
describe.each(drivers)('bulk jobs on the Cloud API ($driver)', ({ driver, available }) => {
  let graph: Awaited<ReturnType<typeof startGraphFake>>
  let d: JobsDesk
  let cloudId = 0
  const templateIds: Record<string, number> = {}
  beforeAll(async () => {
    if (!available) return
    graph = await startGraphFake(() => TOKEN)
    graph.addTemplate(ORDER_UPDATE)
    graph.addTemplate(FOLLOW_UP)
    graph.addTemplate(PROMO_IMAGE)
    // Media by URL from the fake's own address: loopback addresses let through.
    d = await startJobsDesk(driver, { cloudApiBaseUrl: graph.url, outreach: { allowPrivateUrls: true } })
    const created = await d.admin.call('connectionCreate', {
      body: {
        name: 'Official bulk line',
        driver: 'cloud-api',
        cloudApi: {
          phoneNumberId: PHONE_ID,
          accessToken: TOKEN,
          verifyToken: 'verify',
          appSecret: APP_SECRET,
          businessAccountId: WABA_ID,
        },
      },
    })
    cloudId = created.body.id
    const synced = await d.admin.call('templateSync', { body: { connectionId: cloudId } })
    for (const template of synced.body.templates) templateIds[template.name] = template.id
  })
  afterAll(async () => {
    await d?.t.close()
    await graph?.close()
  })

  const sends = () =>
    graph
      .sends()
      .map((c) => c.body as TemplateCall & { status?: string })
      .filter((c) => c.status !== 'read')
  const base = (numbers: string[]) => ({
    ticketwhatsappId: cloudId,
    numbers: numbers.join('\n'),
    message: 'Our summer offer',
    minInterval: 0,
    maxInterval: 0,
  })
  const bulk = (body: Record<string, unknown>) => d.agent.call<'bulkText', Job & ErrorResponse>('bulkText', { body })

  it.runIf(available)("answers the seed's bulk calls without a template with a code naming the template", async () => {
    const text = await bulk(base(['5511977700001', '5511977700002']))
    expect(text.status).toBe(409)
    expect(text.body.error).toBe('ERR_TEMPLATE_REQUIRED')
    expect(text.body.fields).toEqual([{ path: 'template', message: 'validation.required' }])
    const media = await d.agent.call<'bulkMedia', Job & ErrorResponse>('bulkMedia', {
      body: { ...base(['5511977700001']), url: 'https://example.com/offer.png', title: 'Offer' },
    })
    expect(media.status).toBe(409)
    expect(media.body.error).toBe('ERR_TEMPLATE_REQUIRED')
    const jobs = await d.agent.call('jobList', { query: {} })
    expect(jobs.body.jobs.filter((job) => job.connectionId === cloudId)).toEqual([])
  })

  it.runIf(available)('refuses a template with a variable left unmapped, naming it', async () => {
    const res = await bulk({
      ...base(['5511977700001']),
      template: { templateId: templateIds.order_update, variables: { 'body.1': { from: 'column', column: 2 } } },
    })
    expect(res.status).toBe(400)
    expect(res.body.fields?.map((f) => f.path)).toEqual([
      'template.variables.header.1',
      'template.variables.body.2',
      'template.variables.button.0.1',
    ])
  })

  it.runIf(available)(
    "sends a template to every number, its variables from the pasted columns and the contact's fields",
    async () => {
      await d.admin.call('contactCreate', { body: { name: 'Joana Prado', number: '5511977700011' } })
      const before = sends().length
      const res = await bulk({
        ...base(['5511977700011;Joana;#501', '5511977700012;Pedro;#502', '5511977700013;Lia;#503']),
        template: {
          templateId: templateIds.order_update,
          variables: {
            'header.1': { from: 'column', column: 3 },
            'body.1': { from: 'column', column: 2 },
            'body.2': { from: 'column', column: 3 },
            'button.0.1': { from: 'text', value: 'summer' },
          },
        },
      })
      expect(res.status).toBe(202)
      const job = await waitForJob(d.agent, res.body.id, finished)
      expect(job).toMatchObject({ status: 'done', total: 3, sent: 3, skipped: 0, failed: 0 })
      const calls = sends().slice(before)
      expect(calls.map((c) => [c.to, c.type, c.template?.name])).toEqual([
        ['5511977700011', 'template', 'order_update'],
        ['5511977700012', 'template', 'order_update'],
        ['5511977700013', 'template', 'order_update'],
      ])
      expect(calls[1]!.template!.components.map((c) => c.parameters.map((p) => p.text))).toEqual([
        ['#502'],
        ['Pedro', '#502'],
        ['summer'],
      ])
      const named = await bulk({
        ...base(['5511977700011', '5511977700014']),
        template: { templateId: templateIds.follow_up, variables: { 'body.1': { from: 'contact', field: 'name' } } },
      })
      await waitForJob(d.agent, named.body.id, finished)
      const followUps = sends().slice(-2)
      expect(followUps.map((c) => c.template?.components[0]?.parameters[0]?.text)).toEqual(['Joana Prado', ''])
      // The conversation keeps what the customer saw.
      const list = await d.admin.call('ticketList', { query: { showAll: true, searchParam: '5511977700012' } })
      const ticket = list.body.tickets[0]!
      const messages = await d.admin.call('messageList', { params: { ticketId: ticket.id } })
      expect(messages.body.messages.at(-1)?.body).toBe(
        '*Order #502*\n\nHello Pedro, your order #502 has shipped.\n\n_Reply STOP to opt out_\n\n[Track]',
      )
    },
  )

  it.runIf(available)('sends free text only to customers whose window is open, skipping the others', async () => {
    const hook = await deliverCloud(
      d.t.client(),
      cloudId,
      cloudText(PHONE_ID, { from: '5511977700021', id: 'wamid.JOB1', body: 'Any offers?' }),
      APP_SECRET,
    )
    expect(hook.status).toBe(200)
    const before = sends().length
    const res = await bulk({ ...base(['5511977700021', '5511977700022']), openWindowsOnly: true })
    expect(res.status).toBe(202)
    const job = await waitForJob(d.agent, res.body.id, finished)
    expect(job).toMatchObject({ status: 'done', total: 2, sent: 1, skipped: 1 })
    expect(
      sends()
        .slice(before)
        .map((c) => [c.to, c.type, c.text?.body]),
    ).toEqual([['5511977700021', 'text', 'Our summer offer']])
    const recipients = await recipientsOf(d.agent, res.body.id)
    expect(recipients.map((r) => [r.entry, r.state, r.reason])).toEqual([
      ['5511977700021', 'sent', null],
      ['5511977700022', 'skipped', 'windowClosed'],
    ])
  })

  it.runIf(available)(
    'sends media by URL as the header of a media template; text refuses that template and files take none',
    async () => {
      const before = sends().length
      const url = `${graph.url}/files/collection.png`
      const promo = { templateId: templateIds.promo_image, variables: { 'body.1': { from: 'column', column: 2 } } }
      const media = await d.agent.call<'bulkMedia', Job & ErrorResponse>('bulkMedia', {
        body: { ...base(['5511977700041;Rita']), url, title: 'Collection', template: promo },
      })
      expect(media.status).toBe(202)
      expect(await waitForJob(d.agent, media.body.id, finished)).toMatchObject({ status: 'done', sent: 1 })
      expect(sends().slice(before)).toMatchObject([
        {
          to: '5511977700041',
          type: 'template',
          template: {
            name: 'promo_image',
            components: [
              { type: 'header', parameters: [{ type: 'image', image: { link: url } }] },
              { type: 'body', parameters: [{ type: 'text', text: 'Rita' }] },
            ],
          },
        },
      ])
      // On /zdg the image would be lost: the template is refused, named.
      const text = await bulk({ ...base(['5511977700042;Rita']), template: promo })
      expect(text.status).toBe(400)
      expect(text.body.fields).toEqual([{ path: 'template.templateId', message: 'validation.invalid' }])
      // No template carries a file by path: the call counts as one without a template, before the file is read.
      const file = await d.agent.call<'bulkFile', Job & ErrorResponse>('bulkFile', {
        body: {
          ...base(['5511977700043']),
          url: 'offers/catalogue.pdf',
          title: 'Catalogue',
          template: { templateId: templateIds.follow_up, variables: { 'body.1': { from: 'contact', field: 'name' } } },
        },
      })
      expect(file.status).toBe(409)
      expect(file.body.error).toBe('ERR_TEMPLATE_REQUIRED')
      expect(sends().length).toBe(before + 1)
    },
  )

  it.runIf(available)('leaves jobs on other connections as they were', async () => {
    const res = await bulk({ ...base(['5511977700031']), ticketwhatsappId: d.sim.id })
    expect(res.status).toBe(202)
    expect(await waitForJob(d.agent, res.body.id, finished)).toMatchObject({ status: 'done', sent: 1 })
  })
})
