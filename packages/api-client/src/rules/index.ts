/**
 * Pure rules shared by the server, the hooks and the mock handlers: plain functions over the
 * contract's types, with no zod and no React, so each is written once and cannot drift.
 */

export * from './csv'
export * from './exports'
export * from './frames'
export * from './kanban'
export * from './mentions'
export * from './reply-window'
export * from './search'
export * from './sms-segments'
export * from './templates'
export * from './tickets'
