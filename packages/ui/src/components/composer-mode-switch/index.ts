export type { ComposerMode, ComposerModeSwitchProps } from './ComposerModeSwitch'
export { ComposerModeSwitch } from './ComposerModeSwitch'
