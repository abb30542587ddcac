export type {
  CreatedGroupInfo,
  GroupsFormProps,
  GroupsFormValues,
  GroupsPreview,
  GroupsRequest,
  GroupTab,
} from './GroupsForm'
export { GroupsForm } from './GroupsForm'
