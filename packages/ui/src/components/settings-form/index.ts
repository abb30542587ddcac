export type { SettingsFormProps, SettingsFormSetting } from './SettingsForm'
export { SettingsForm, TIME_CREATE_NEW_TICKET_OPTIONS } from './SettingsForm'
