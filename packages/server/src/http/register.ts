import type { Route } from '@desk/api-client'
import type {
  FastifyInstance,
  FastifySchemaCompiler,
  preValidationHookHandler,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'

/** The parts of a request fastify checks before the handler runs. */
export type Part = 'params' | 'query' | 'body'

/** The parts a route's table entry declares and fastify checks by default (a raw or multipart body is read by the handler). */
type DefaultParts<R extends Route> =
  | (R extends { params: ZodType } ? 'params' : never)
  | (R extends { query: ZodType } ? 'query' : never)
  | (R extends { body: ZodType } ? (R extends { rawBody: true } | { multipart: ZodType } ? never : 'body') : never)

type Checked<R extends Route, V extends Part, K extends Part> = K extends V
  ? R extends Record<K, infer S extends ZodType>
    ? S
    : undefined
  : undefined

/** The fastify schema of a route: what it checks, and its answer for the type provider. */
export type SchemaOf<R extends Route, V extends Part> = {
  params: Checked<R, V, 'params'>
  querystring: Checked<R, V, 'query'>
  body: Checked<R, V, 'body'>
  response: R extends { response: infer S extends ZodType } ? { 200: S } : undefined
}

export type HandlerOf<R extends Route, V extends Part> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<R, V>,
  ZodTypeProvider
>

export interface RouteOptions<V extends Part> {
  /** The parts fastify checks; the others, if any, the handler parses itself (to keep an order of checks). */
  validate?: readonly V[]
  /** Runs before the checks: a rate limit or a permission that must answer before bad input does. */
  preValidation?: preValidationHookHandler | preValidationHookHandler[]
  bodyLimit?: number
}

/**
 * Registers the handler of one route of the table: its method, its path, and its schemas through
 * the zod type provider, so the handler's input is typed from the checked parts and its return
 * value is checked at compile time against the declared answer.
 */
export const addRoute = <R extends Route, V extends Part = DefaultParts<R>>(
  app: FastifyInstance,
  route: R,
  options: RouteOptions<V>,
  handler: HandlerOf<R, V>,
) => {
  const declared = route as Route & Partial<Record<Part, ZodType>> & { rawBody?: true; multipart?: ZodType }
  const parts = (options.validate ??
    (['params', 'query', 'body'] as const).filter(
      (part) => part !== 'body' || !(declared.rawBody || declared.multipart),
    )) as readonly Part[]
  const schema: Record<string, unknown> = {}
  for (const [part, key] of [
    ['params', 'params'],
    ['query', 'querystring'],
    ['body', 'body'],
  ] as const) {
    if (parts.includes(part) && declared[part]) schema[key] = declared[part]
  }
  if ('response' in route && route.response) schema.response = { 200: route.response }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    bodyLimit: options.bodyLimit,
    preValidation: options.preValidation,
    schema: Object.keys(schema).length ? schema : undefined,
    handler: handler as RouteHandlerMethod,
  })
}

/**
 * Checks a part with its zod schema. A failure is the ZodError itself, which the error handler turns
 * into today's 400 `{error: 'ERR_VALIDATION', message, fields}` (fastify sets its status to 400);
 * the type provider's own compiler would hand over reshaped issues instead. Fastify passes a missing
 * body as `null`: it goes back to `undefined`, as the handlers' own parsing always saw it.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(httpPart === 'body' && data === null ? undefined : data)
    return result.success ? { value: result.data } : { error: result.error }
  }

/**
 * Answers are typed against the table at compile time but not checked again at run time: the
 * services already build contract shapes, a zod pass on every answer costs time on the busiest
 * lists, and an object schema would strip fields that clients written for the seed's API read
 * (the client parses answers in development and tests, and the scenario suite parses both the
 * server's and the mocks' answers with the table). So the answer is serialised as before.
 */
export const plainSerializerCompiler = () => (data: unknown) => JSON.stringify(data)
