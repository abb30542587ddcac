import { Input, Stack, Tabs, Text, Textarea } from '@chakra-ui/react'
import type { UseFormRegister } from 'react-hook-form'
import type { MessageId } from '../../../i18n'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'
import { GROUP_TABS, type GroupsFormFields, type GroupTab } from './toAction'

type Errors = Partial<Record<keyof GroupsFormFields, string>>

interface GroupTabsProps {
  tab: GroupTab
  onTabChange: (tab: GroupTab) => void
  register: UseFormRegister<GroupsFormFields & { ticketwhatsappId: string }>
  errors: Errors
}

/** The seed's six tabs, each with its own fields (Abrir and Cerrar have none: the tab is the action). */
export function GroupTabs({ tab, onTabChange, register, errors }: GroupTabsProps) {
  const t = useT()
  const note = (id: MessageId) => (
    <Text color="fg.muted" textStyle="sm">
      {t(id)}
    </Text>
  )
  return (
    <Tabs.Root value={tab} onValueChange={(e) => onTabChange(e.value as GroupTab)} variant="line">
      <Tabs.List overflowX="auto" overflowY="hidden" scrollbarWidth="thin">
        {GROUP_TABS.map((value) => (
          <Tabs.Trigger key={value} value={value} whiteSpace="nowrap" flexShrink="0">
            {t(`groups.tab.${value}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="update">
        <Stack gap="4">
          {note('groups.updateHelp')}
          <FormField label={t('groups.subject')} error={errors.titulo}>
            <Input autoComplete="off" {...register('titulo')} />
          </FormField>
          <FormField label={t('groups.description')} error={errors.descricao}>
            <Textarea rows={3} {...register('descricao')} />
          </FormField>
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="create">
        <Stack gap="4">
          {note('groups.createHelp')}
          <FormField label={t('groups.newTitle')} error={errors.tituloNovo} required>
            <Input autoComplete="off" {...register('tituloNovo')} />
          </FormField>
          <FormField
            label={t('groups.contact')}
            helperText={t('groups.contactHelp')}
            error={errors.contatoGrupo}
            required
          >
            <Input inputMode="tel" autoComplete="off" {...register('contatoGrupo')} />
          </FormField>
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="open">{note('groups.openHelp')}</Tabs.Content>
      <Tabs.Content value="close">{note('groups.closeHelp')}</Tabs.Content>
      <Tabs.Content value="groupMessage">
        <Stack gap="4">
          {note('groups.groupMessageHelp')}
          <FormField label={t('groups.postText')} error={errors.mensagemGrupo} required>
            <Textarea rows={4} {...register('mensagemGrupo')} />
          </FormField>
        </Stack>
      </Tabs.Content>
      <Tabs.Content value="participantsMessage">
        <Stack gap="4">
          {note('groups.participantsMessageHelp')}
          <FormField label={t('groups.privateText')} error={errors.mensagemGrupoNASA} required>
            <Textarea rows={4} {...register('mensagemGrupoNASA')} />
          </FormField>
        </Stack>
      </Tabs.Content>
    </Tabs.Root>
  )
}
