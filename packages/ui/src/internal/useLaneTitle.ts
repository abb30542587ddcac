import type { Lane } from '@desk/api-client/contract'
import { useT } from './useT'

/** The title a new install gives its one lane; shown in the reader's language until an administrator renames it. */
export const BUILT_IN_LANE_TITLE = 'Open'

/** A lane's title as shown: the built-in lane's in the reader's language, any other as its administrator wrote it. */
export function useLaneTitle() {
  const t = useT()
  return (lane: Pick<Lane, 'title'>) => (lane.title === BUILT_IN_LANE_TITLE ? t('kanban.lane.open') : lane.title)
}
