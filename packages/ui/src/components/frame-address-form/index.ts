export type { FrameAddressFormProps } from './FrameAddressForm'
export { FrameAddressForm } from './FrameAddressForm'
