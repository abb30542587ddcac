/**
 * Quick answers.
 * Method and path of each route, free of zod: the schemas are in `../quickAnswers.ts`.
 */
import { del, get, post, put } from './verbs'

export const quickAnswersPaths = {
  quickAnswerList: get('/quickAnswers'),
  quickAnswerGet: get('/quickAnswers/:id'),
  quickAnswerCreate: post('/quickAnswers'),
  quickAnswerUpdate: put('/quickAnswers/:id'),
  quickAnswerDelete: del('/quickAnswers/:id'),
} as const
