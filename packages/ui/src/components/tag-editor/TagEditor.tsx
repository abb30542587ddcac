import { Button, Heading, HStack, NativeSelect, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { LuRotateCcw } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { ConfirmDialog } from '../confirm-dialog/ConfirmDialog'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import type { TagChipTag } from '../tag-chip/TagChip'
import { TagList } from '../tag-chip/TagList'

export interface TagEditorProps {
  /** The contact's tags; undefined while they load. */
  tags: TagChipTag[] | undefined
  /** Every tag of the catalogue (what may be added). */
  catalogue: TagChipTag[] | undefined
  /** Named in the reset confirmation. */
  contactName: string
  /** Tags change only on open and pending tickets; otherwise they are shown read-only. */
  editable: boolean
  /** The whole new set of names, in order: one request replaces the contact's tags. */
  onChange: (names: string[]) => void
  isSaving?: boolean
  /** The tags could not be loaded. */
  error?: UiError | null
  onRetry?: () => void
}

/**
 * A contact's tags in the contact drawer: chips with a remove button, a select to add one from
 * the catalogue, and the seed's Reset (removes them all, after a confirmation). Read-only on a
 * closed ticket.
 */
export function TagEditor({
  tags,
  catalogue,
  contactName,
  editable,
  onChange,
  isSaving,
  error,
  onRetry,
}: TagEditorProps) {
  const t = useT()
  const [confirming, setConfirming] = useState(false)
  const names = (tags ?? []).map((tag) => tag.tag)
  const addable = (catalogue ?? []).filter((tag) => !names.includes(tag.tag))
  const body = () => {
    if (error) return <LoadError error={error} onRetry={onRetry} />
    if (!tags) return <Skeleton height="6" width="70%" aria-hidden />
    return (
      <>
        {tags.length ? (
          <TagList
            tags={tags}
            size="md"
            wrap
            disabled={isSaving}
            onRemove={editable ? (tag) => onChange(names.filter((n) => n !== tag.tag)) : undefined}
          />
        ) : (
          <Text textStyle="sm" color="fg.muted">
            {t('tagEditor.none')}
          </Text>
        )}
        {editable && catalogue?.length === 0 && (
          <Text textStyle="xs" color="fg.muted">
            {t('tagEditor.noCatalogue')}
          </Text>
        )}
        {editable && (
          <HStack gap="2">
            {addable.length > 0 && (
              <NativeSelect.Root size="sm" flex="1" disabled={isSaving}>
                <NativeSelect.Field
                  aria-label={t('tagEditor.add')}
                  value=""
                  onChange={(e) => e.currentTarget.value && onChange([...names, e.currentTarget.value])}
                >
                  <option value="">{t('tagEditor.addPlaceholder')}</option>
                  {addable.map((tag) => (
                    <option key={tag.id ?? tag.tag} value={tag.tag}>
                      {tag.tag}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
            {tags.length > 0 && (
              <Button
                size="sm"
                variant="outline"
                colorPalette="gray"
                disabled={isSaving}
                onClick={() => setConfirming(true)}
              >
                <LuRotateCcw aria-hidden />
                {t('tagEditor.reset')}
              </Button>
            )}
          </HStack>
        )}
        {!editable && (
          <Text textStyle="xs" color="fg.muted">
            {t('tagEditor.readOnly')}
          </Text>
        )}
      </>
    )
  }
  return (
    <Stack gap="2" aria-busy={isSaving || undefined}>
      <Heading as="h3" textStyle="sm" color="fg.muted">
        {t('tagEditor.title')}
      </Heading>
      {body()}
      <ConfirmDialog
        open={confirming}
        title={t('tagEditor.resetTitle')}
        confirmLabel={t('tagEditor.reset')}
        destructive
        onConfirm={() => {
          setConfirming(false)
          onChange([])
        }}
        onClose={() => setConfirming(false)}
      >
        {t('tagEditor.resetBody', { name: contactName })}
      </ConfirmDialog>
    </Stack>
  )
}
