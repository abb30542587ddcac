import path from 'node:path'
import { OUTREACH_FILE_FIELD, routes, stripNul } from '@desk/api-client'
import multipart from '@fastify/multipart'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { AppError, fieldError, parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

/** Reads the upload: one file in `file` (kept in memory up to the size cap) and the text fields. */
const readUpload = async (request: FastifyRequest) => {
  let file: { data: Buffer; fileName: string } | undefined
  const fields: Record<string, string> = {}
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer()
        if (part.fieldname === OUTREACH_FILE_FIELD && data.length > 0 && !file) {
          file = { data, fileName: path.basename(stripNul(part.filename ?? '')) }
        }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (typeof (error as FastifyError).statusCode === 'number') throw error
    throw new AppError('ERR_VALIDATION', 400, [], 'Malformed multipart body')
  }
  return { file, fields }
}

/**
 * The outreach folder for signed-in users: upload one file, list, delete. Deleting (and replacing
 * with `overwrite`) is for admins and for the user who uploaded the file.
 */
export const outreachInputRoutes = async (app: FastifyInstance, { auth, outreachInputs }: Services) => {
  await app.register(multipart, {
    limits: { fileSize: outreachInputs.config.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8 },
  })
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.outreachFileUpload, {}, async (request) => {
    const actor = actorOf(request)
    if (!request.isMultipart()) throw fieldError(OUTREACH_FILE_FIELD, 'validation.required')
    const { file, fields } = await readUpload(request)
    const input = parseInput(routes.outreachFileUpload.multipart, fields)
    if (!file) throw fieldError(OUTREACH_FILE_FIELD, 'validation.required')
    return outreachInputs.files.save(actor, file, input.overwrite)
  })

  addRoute(app, routes.outreachFileList, {}, async (request) => {
    actorOf(request)
    return outreachInputs.files.list()
  })

  addRoute(app, routes.outreachFileDelete, {}, async (request, reply) => {
    await outreachInputs.files.remove(actorOf(request), request.params.name)
    return reply.status(204).send()
  })
}
