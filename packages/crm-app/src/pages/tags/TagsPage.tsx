import type { Tag } from '@desk/api-client'
import { useTagMutations, useTags } from '@desk/api-client/hooks'
import { ConfirmDialog, PageContainer, PageHeader, TagModal, type TagModalValues, TagsTable } from '@desk/ui'
import { useMemo } from 'react'
import { asUiError } from '../../lib/errors'
import { useCrudPage } from '../../lib/useCrudPage'
import { useT } from '../../lib/useT'

type CatalogueTag = Tag & { id: number }

/** /tags (administrators): the tag catalogue, add and edit in the tag form, delete after confirmation. */
export function TagsPage() {
  const t = useT()
  const { tags, error, isLoading, reload } = useTags()
  const { createTag, updateTag, deleteTag } = useTagMutations()
  const crud = useCrudPage<CatalogueTag, TagModalValues>({
    save: (values, target) => (target === 'new' ? createTag(values) : updateTag(target.id, values)),
    remove: (tag) => deleteTag(tag.id),
    savedToast: 'tags.saved',
    deletedToast: 'tags.deleted',
  })
  const { editing, deleting } = crud
  const initialValues = useMemo(
    () => (editing && editing !== 'new' ? { tag: editing.tag, color: editing.color } : undefined),
    [editing],
  )
  const rows = useMemo(() => (tags ?? []).filter((tag): tag is CatalogueTag => tag.id !== undefined), [tags])

  return (
    <PageContainer>
      <PageHeader title={t('tags.title')} />
      <TagsTable
        tags={rows}
        isLoading={isLoading}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onAdd={() => crud.open('new')}
        onEdit={crud.open}
        onDelete={crud.askDelete}
      />
      <TagModal {...crud.form} initialValues={initialValues} />
      <ConfirmDialog
        {...crud.confirm}
        destructive
        title={deleting ? t('tags.deleteTitle', { name: deleting.tag }) : ''}
      >
        {t('tags.deleteBody')}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default TagsPage
