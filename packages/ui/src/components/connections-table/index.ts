export type { ConnectionStatus, ConnectionsTableConnection, ConnectionsTableProps } from './ConnectionsTable'
export { ConnectionsTable } from './ConnectionsTable'
