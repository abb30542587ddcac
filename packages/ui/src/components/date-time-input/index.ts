export type { DateTimeInputProps, DateTimeMode } from './DateTimeInput'
export { DateTimeInput } from './DateTimeInput'
