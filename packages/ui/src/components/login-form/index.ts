export type { LoginFormProps, LoginFormValues } from './LoginForm'
export { LoginForm } from './LoginForm'
