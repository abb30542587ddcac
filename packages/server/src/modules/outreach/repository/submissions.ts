import type { Executor } from '../../../db'

/**
 * Records that a bulk job was asked for, unless the same one (its digest) was asked for less than
 * `windowMs` ago: answers false then. One statement (insert, or take over a row that is old enough),
 * so two processes that receive the same request at once cannot both get true.
 */
export const claimSubmission = async (db: Executor, digest: string, now: Date, windowMs: number) => {
  const at = now.toISOString()
  const cutoff = new Date(now.getTime() - windowMs).toISOString()
  await db.deleteFrom('job_submissions').where('submittedAt', '<', cutoff).where('digest', '!=', digest).execute()
  const result = await db
    .insertInto('job_submissions')
    .values({ digest, submittedAt: at })
    .onConflict((oc) =>
      oc.column('digest').doUpdateSet({ submittedAt: at }).where('job_submissions.submittedAt', '<', cutoff),
    )
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
}

/** Forgets a request whose job could not be made after all, so asking again works at once. */
export const releaseSubmission = async (db: Executor, digest: string) => {
  await db.deleteFrom('job_submissions').where('digest', '=', digest).execute()
}
