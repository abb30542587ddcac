export type { SignupFormProps, SignupFormValues } from './SignupForm'
export { SignupForm } from './SignupForm'
