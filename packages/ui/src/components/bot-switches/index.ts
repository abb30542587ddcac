export type { BotSwitchesProps, BotSwitchItem, BotSwitchKind } from './BotSwitches'
export { BOT_SWITCH_KINDS, BotSwitches, botKindLabel } from './BotSwitches'
