/**
 * The messages only an error or the offline form shows (the server's error codes, the field messages):
 * the frame loads them after its first draw (`laterMessages.ts`), its build leaves them out of the tables.
 */
export const LATER_MESSAGE = /^(errors|validation)\./
