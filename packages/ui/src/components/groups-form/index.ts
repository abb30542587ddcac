export type {
  CreatedGroupInfo,
  GroupsFormProps,
  GroupsFormValues,
  GroupsSelection,
  GroupTab,
} from './GroupsForm'
export { GroupsForm } from './GroupsForm'
