import { Badge, Box, Button, Checkbox, Flex, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useRef } from 'react'
import { LuLink, LuUsers } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { AdminTable } from '../admin-table/AdminTable'
import type { UiError } from '../error-message/useErrorText'
import { SearchField } from '../search-field/SearchField'
import { type DirectoryGroup, filterGroups, toggleShown } from './internal/filterGroups'

export type { DirectoryGroup }

/** Columns a phone leaves out (their facts go under the name). */
const wide = { hideBelow: 'md' } as const

function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  const t = useT()
  return (
    <Badge colorPalette={isAdmin ? 'brand' : 'gray'} variant="subtle">
      {t(isAdmin ? 'groups.isAdmin' : 'groups.notAdmin')}
    </Badge>
  )
}

export interface GroupsDirectoryProps {
  /** The chosen connection's groups. */
  groups: DirectoryGroup[]
  /** The chosen group ids. */
  selected: string[]
  onSelectedChange: (ids: string[]) => void
  search: string
  onSearchChange: (value: string) => void
  /** No connection is chosen yet: the list asks for one. */
  noConnection?: boolean
  isLoading?: boolean
  error?: UiError | null
  onReload?: () => void
  /** Copies a group's invite link (the page writes it to the clipboard). */
  onCopyInvite?: (group: DirectoryGroup) => void
}

/**
 * The groups of the chosen connection: name, participants, whether the connection administers it, who may write,
 * and its invite link to copy. A search narrows the list; the header checkbox chooses every group shown.
 */
export function GroupsDirectory(props: GroupsDirectoryProps) {
  const { groups, selected, onSelectedChange, search } = props
  const t = useT()
  const shown = useMemo(() => filterGroups(groups, search), [groups, search])
  const onCount = shown.filter((group) => selected.includes(group.id)).length
  const headerChecked = onCount === 0 ? false : onCount === shown.length ? true : 'indeterminate'
  // The header box's input says "mixed" to assistive technology from the first draw, not only after a change.
  const headerInput = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (headerInput.current) headerInput.current.indeterminate = headerChecked === 'indeterminate'
  })
  const toggle = (id: string) =>
    onSelectedChange(selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id])
  const empty = props.noConnection
    ? { title: t('groups.noConnection'), description: t('groups.noConnectionHelp') }
    : groups.length === 0
      ? { title: t('groups.none'), description: t('groups.noneHelp') }
      : { title: t('groups.noMatch') }
  return (
    <AdminTable<DirectoryGroup>
      rows={props.noConnection ? [] : shown}
      isLoading={props.isLoading}
      error={props.error}
      onReload={props.onReload}
      empty={{ ...empty, icon: <LuUsers /> }}
      toolbar={
        <Flex gap="3" wrap="wrap" align="center" justify="space-between" width="full">
          <SearchField value={search} onChange={props.onSearchChange} label={t('groups.search')} />
          <Flex gap="2" align="center">
            <Text textStyle="sm" color="fg.muted" aria-live="polite">
              {t('groups.selectedCount', { count: selected.length, total: groups.length })}
            </Text>
            {selected.length > 0 && (
              <Button size="xs" variant="ghost" colorPalette="gray" onClick={() => onSelectedChange([])}>
                {t('groups.clearSelection')}
              </Button>
            )}
          </Flex>
        </Flex>
      }
      columns={[
        {
          key: 'select',
          header: (
            <Checkbox.Root
              size="sm"
              checked={headerChecked}
              disabled={shown.length === 0}
              onCheckedChange={() => onSelectedChange(toggleShown(selected, shown))}
            >
              <Checkbox.HiddenInput ref={headerInput} aria-label={t('groups.selectShown')} />
              <Checkbox.Control />
            </Checkbox.Root>
          ),
          headerProps: { width: '10' },
          cell: (group) => (
            <Checkbox.Root size="sm" checked={selected.includes(group.id)} onCheckedChange={() => toggle(group.id)}>
              <Checkbox.HiddenInput aria-label={t('groups.select', { name: group.name })} />
              <Checkbox.Control />
            </Checkbox.Root>
          ),
          skeleton: 60,
        },
        {
          key: 'name',
          header: t('groups.name'),
          cell: (group) => (
            <Box minWidth="40">
              <Text fontWeight="medium">{group.name}</Text>
              <Text textStyle="xs" color="fg.muted">
                {group.id}
              </Text>
              {/* A phone has no room for the two columns: the same facts under the name. */}
              <Flex hideFrom="md" gap="2" marginTop="1" align="center" wrap="wrap">
                <RoleBadge isAdmin={group.isAdmin} />
                <Text textStyle="xs" color="fg.muted">
                  {t(group.announce ? 'groups.closed' : 'groups.open')}
                </Text>
              </Flex>
            </Box>
          ),
          skeleton: 50,
        },
        {
          key: 'participants',
          header: t('groups.participants'),
          headerProps: { textAlign: 'end' },
          cellProps: { textAlign: 'end' },
          cell: (group) => group.participants,
          skeleton: 30,
        },
        {
          key: 'admin',
          header: t('groups.admin'),
          headerProps: wide,
          cellProps: wide,
          cell: (group) => <RoleBadge isAdmin={group.isAdmin} />,
          skeleton: 40,
        },
        {
          key: 'mode',
          header: t('groups.mode'),
          headerProps: wide,
          cellProps: { ...wide, color: 'fg.muted', whiteSpace: 'nowrap' },
          cell: (group) => t(group.announce ? 'groups.closed' : 'groups.open'),
          skeleton: 50,
        },
      ]}
      actionsColumn={{ header: t('groups.invite'), skeleton: 30, compact: true }}
      rowActions={[
        {
          key: 'copy',
          label: (group) => t('groups.copyInvite', { name: group.name }),
          icon: <LuLink />,
          onClick: props.onCopyInvite,
          hidden: (group) => !group.inviteLink,
        },
      ]}
    />
  )
}
