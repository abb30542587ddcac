export type { TemplatePickerProps, TemplatePickerValue } from './TemplatePicker'
export { TemplatePicker } from './TemplatePicker'
