import { Box, Button, Flex, HStack, IconButton, Input, InputGroup, Tooltip } from '@chakra-ui/react'
import { TICKET_COUNT_LIMIT } from '@desk/api-client/contract'
import { type ReactNode, useEffect, useId, useRef } from 'react'
import { LuCheckCheck, LuPlus, LuSearch } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { UiPortal } from '../../internal/portal'
import { SwitchButton } from '../../internal/SwitchButton'
import { TabBar } from '../../internal/TabBar'
import { useT } from '../../internal/useT'
import { TagFilter, type TagFilterProps } from '../tag-filter/TagFilter'
import { QueueSelect } from './internal/QueueSelect'

export type TicketsTab = 'open' | 'group' | 'closed' | 'search'
/** Open and group tabs: `open` and `pending`; the closed tab: `private` and `group`. */
export type TicketsSubTab = 'open' | 'pending' | 'private' | 'group'

export interface TicketsManagerProps {
  tab: TicketsTab
  onTabChange: (tab: TicketsTab) => void
  subTab: TicketsSubTab
  onSubTabChange: (subTab: TicketsSubTab) => void
  /** Badges of the open and pending sub-tabs; `null` hides one whose list failed to load. */
  counts?: { open?: number | null; pending?: number | null }
  /** The search tab's text (controlled). */
  search: string
  onSearchChange: (search: string) => void
  onNewTicket: () => void
  onCloseAll: () => void
  /** Administrators may list every user's tickets. */
  canShowAll?: boolean
  showAll: boolean
  onShowAllChange: (showAll: boolean) => void
  /**
   * The queues to filter by (an administrator's: every queue; an agent's: their own), and those whose
   * tickets are listed (none: no narrowing, shown as "All queues").
   */
  queues: { id: number; name: string; color: string }[]
  selectedQueueIds: number[]
  onSelectedQueueIdsChange: (ids: number[]) => void
  /** The tag catalogue: with it, a filter by tag shows beside the queues. */
  tags?: TagFilterProps['tags']
  selectedTagIds?: number[]
  onSelectedTagIdsChange?: (ids: number[]) => void
  /** The list of the current tab (a `TicketList`). */
  children: ReactNode
}

/** The left side of the tickets screen: tabs, sub-tabs, search and the options bar above the list. */
export function TicketsManager(props: TicketsManagerProps) {
  const { tab, subTab, counts } = props
  const t = useT()
  const { formatNumber } = useIntl()
  const panelId = useId()
  /** A list counts up to TICKET_COUNT_LIMIT: there the badge reads "1,000+"; none while it failed (null). */
  const badge = (count: number | null | undefined) =>
    count === null
      ? undefined
      : (count ?? 0) >= TICKET_COUNT_LIMIT
        ? t('tickets.countAtLeast', { count: formatNumber(TICKET_COUNT_LIMIT) })
        : formatNumber(count ?? 0)
  // Choosing the search tab puts the cursor in its field, ready to type.
  const searchRef = useRef<HTMLInputElement>(null)
  const previousTab = useRef(tab)
  useEffect(() => {
    if (tab === 'search' && previousTab.current !== 'search') searchRef.current?.focus()
    previousTab.current = tab
  }, [tab])
  const subItems =
    tab === 'closed'
      ? [
          { value: 'private' as const, label: t('tickets.sub.private') },
          { value: 'group' as const, label: t('tickets.sub.group') },
        ]
      : tab === 'search'
        ? []
        : [
            {
              value: 'open' as const,
              label: t('tickets.sub.open'),
              count: badge(counts?.open),
            },
            {
              value: 'pending' as const,
              label: t('tickets.sub.pending'),
              count: badge(counts?.pending),
            },
          ]
  return (
    <Flex direction="column" height="full" minHeight="0" borderWidth="1px" bg="bg.panel">
      <TabBar
        label={t('tickets.tabs')}
        panelId={panelId}
        value={tab}
        onChange={props.onTabChange}
        items={[
          { value: 'open', label: t('tickets.tab.open') },
          { value: 'group', label: t('tickets.tab.group') },
          { value: 'closed', label: t('tickets.tab.closed') },
          { value: 'search', label: t('tickets.tab.search') },
        ]}
      />
      <HStack gap="2" paddingInline="2" paddingBlock="2" borderBottomWidth="1px" wrap="wrap">
        <Button size="xs" onClick={props.onNewTicket}>
          <LuPlus aria-hidden />
          {t('tickets.newTicket')}
        </Button>
        {/* An icon with its name as a tooltip: the filters keep to the same row at 390 px and in the list's column. */}
        <Tooltip.Root openDelay={300} closeDelay={0} positioning={{ placement: 'bottom' }}>
          <Tooltip.Trigger asChild>
            <IconButton
              size="xs"
              variant="outline"
              colorPalette="gray"
              aria-label={t('tickets.closeAll')}
              onClick={props.onCloseAll}
            >
              <LuCheckCheck aria-hidden />
            </IconButton>
          </Tooltip.Trigger>
          <UiPortal>
            <Tooltip.Positioner>
              <Tooltip.Content>{t('tickets.closeAll')}</Tooltip.Content>
            </Tooltip.Positioner>
          </UiPortal>
        </Tooltip.Root>
        {props.canShowAll && (
          <SwitchButton label={t('tickets.showAll')} checked={props.showAll} onChange={props.onShowAllChange} />
        )}
        <HStack gap="2" marginInlineStart="auto">
          {props.tags?.length && props.onSelectedTagIdsChange ? (
            <TagFilter
              tags={props.tags}
              selected={props.selectedTagIds ?? []}
              onChange={props.onSelectedTagIdsChange}
            />
          ) : null}
          <QueueSelect
            queues={props.queues}
            selected={props.selectedQueueIds}
            onChange={props.onSelectedQueueIdsChange}
          />
        </HStack>
      </HStack>
      {tab === 'search' && (
        <Box padding="2" borderBottomWidth="1px">
          <InputGroup startElement={<LuSearch aria-hidden />}>
            <Input
              ref={searchRef}
              size="sm"
              type="search"
              aria-label={t('tickets.searchLabel')}
              placeholder={t('tickets.searchLabel')}
              value={props.search}
              onChange={(e) => props.onSearchChange(e.currentTarget.value)}
            />
          </InputGroup>
        </Box>
      )}
      {subItems.length > 0 && (
        <TabBar
          label={t('tickets.subTabs')}
          panelId={panelId}
          size="sm"
          value={subTab}
          onChange={props.onSubTabChange}
          items={subItems}
        />
      )}
      <Box id={panelId} role="tabpanel" flex="1" minHeight="0">
        {props.children}
      </Box>
    </Flex>
  )
}
