export type { DirectoryGroup, GroupsDirectoryProps } from './GroupsDirectory'
export { GroupsDirectory } from './GroupsDirectory'
