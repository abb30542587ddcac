export type { FailedMail, SmtpSettings, SmtpSettingsFormProps, SmtpSettingsValues } from './SmtpSettingsForm'
export { SmtpSettingsForm } from './SmtpSettingsForm'
