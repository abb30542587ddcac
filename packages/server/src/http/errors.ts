import type { ErrorCode, ErrorResponse, FieldError } from '@desk/api-client'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ZodError, type ZodType, type z } from 'zod'

/** A business error: a contract code, an HTTP status and optionally the fields at fault. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status = 400,
    readonly fields?: FieldError[],
    message?: string,
  ) {
    super(message ?? code)
    this.name = 'AppError'
  }
}

/** 429 with the seconds to wait, sent as Retry-After. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('ERR_RATE_LIMITED', 429, undefined, 'Too many attempts, try again later')
  }
}

/**
 * `ERR_OTHER_OPEN_TICKET`, naming the contact's live ticket when the caller may open it: 400 from
 * `POST /tickets` (as the seed answers), 409 when reopening or moving a ticket would make a second one.
 */
export class OtherOpenTicketError extends AppError {
  constructor(
    readonly ticketId?: number,
    status: 400 | 409 = 400,
  ) {
    super('ERR_OTHER_OPEN_TICKET', status)
  }
}

/** 409 `ERR_TICKET_CHANGED`: someone else moved the ticket between the caller's read and write. */
export const ticketChanged = () =>
  new AppError('ERR_TICKET_CHANGED', 409, undefined, 'This ticket was changed by someone else')

/** A 400 naming one field, for rules a schema alone cannot express (unknown queue id …). */
export const fieldError = (path: string, message: string) =>
  new AppError('ERR_VALIDATION', 400, [{ path, message }], `Invalid ${path}`)

/** Parses input with a contract schema; a failure becomes the 400 answer through the error handler. */
export const parseInput = <S extends ZodType>(schema: S, input: unknown): z.output<S> => schema.parse(input)

const zodFields = (error: ZodError): FieldError[] =>
  error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))

const send = (reply: FastifyReply, status: number, body: ErrorResponse) => reply.status(status).send(body)

/** One error handler for the whole API: known errors keep their code, anything else is a bare 500. */
export const registerErrorHandling = (
  app: FastifyInstance,
  notFound: (req: FastifyRequest, reply: FastifyReply) => unknown,
) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    if (error instanceof AppError) {
      // Answered before the body was all read (an upload cut off at its quota): the rest is not
      // wanted, so the connection closes rather than wait for it.
      if (!request.raw.complete) reply.header('Connection', 'close')
      // A rate limit or a quota (`ERR_WIDGET_QUOTA_EXCEEDED`): the seconds to wait.
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds
      if (typeof retryAfter === 'number') {
        request.log.warn({ ip: request.ip, url: request.url, code: error.code }, 'rate limit reached')
        reply.header('Retry-After', String(retryAfter))
      }
      const ticketId = error instanceof OtherOpenTicketError ? error.ticketId : undefined
      return send(reply, error.status, { error: error.code, message: error.message, fields: error.fields, ticketId })
    }
    if (error instanceof ZodError) {
      const fields = zodFields(error)
      const message = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; ')
      return send(reply, 400, { error: 'ERR_VALIDATION', message, fields })
    }
    const fastifyError = error as FastifyError
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.statusCode === 413) {
      const message =
        fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.code === 'FST_FILES_LIMIT'
          ? 'A file is larger than allowed, or there are too many files'
          : `Request body is larger than ${Math.round(request.routeOptions.bodyLimit / 104_857.6) / 10} MB`
      return send(reply, 413, { error: 'ERR_PAYLOAD_TOO_LARGE', message })
    }
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return send(reply, 415, { error: 'ERR_VALIDATION', message: 'Unsupported content type' })
    }
    if (error instanceof SyntaxError || fastifyError.code?.startsWith('FST_ERR_CTP_')) {
      return send(reply, 400, { error: 'ERR_VALIDATION', message: 'Malformed request body', fields: [] })
    }
    if (
      typeof fastifyError.statusCode === 'number' &&
      fastifyError.statusCode >= 400 &&
      fastifyError.statusCode < 500
    ) {
      // Framework-level client errors (bad URL encoding, header limits …): no internals in the answer.
      return send(reply, fastifyError.statusCode, { error: 'ERR_VALIDATION', message: 'Bad request' })
    }
    request.log.error({ err: error }, 'unexpected error')
    return send(reply, 500, { error: 'ERR_INTERNAL', message: 'Internal server error' })
  })
  app.setNotFoundHandler(notFound)
}
