import { Fieldset, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react'
import { WIDGET_ICONS, WIDGET_POSITIONS, WIDGET_THEME_MODES } from '@desk/api-client/contract'
import { Controller, type UseFormReturn } from 'react-hook-form'
import type { MessageId } from '../../../i18n'
import { ColorField } from '../../../internal/color/ColorField'
import { FormField } from '../../../internal/FormField'
import { SwitchButton } from '../../../internal/SwitchButton'
import { useT } from '../../../internal/useT'
import type { ConnectionFormValues } from './connectionForm'
import { OriginList } from './OriginList'

type Form = UseFormReturn<ConnectionFormValues>
type ChoiceName = 'webChat.theme.mode' | 'webChat.theme.position' | 'webChat.theme.launcherIcon'

/** A web chat's settings: the sites that may embed it, who may talk, and how its launcher looks. */
export function WebChatFields({ form }: { form: Form }) {
  const t = useT()
  const errors = form.formState.errors.webChat?.theme
  return (
    <Stack gap="4">
      <OriginList form={form} />
      <Stack gap="2" alignItems="flex-start">
        <Toggle form={form} name="webChat.verifiedOnly" label={t('connectionModal.webChat.verifiedOnly')} />
        <Toggle form={form} name="webChat.offlineEmail" label={t('connectionModal.webChat.offlineEmail')} />
      </Stack>
      <Fieldset.Root>
        <Fieldset.Legend textStyle="sm" fontWeight="medium">
          {t('connectionModal.webChat.appearance')}
        </Fieldset.Legend>
        <Stack gap="4">
          <ColorField
            control={form.control}
            name="webChat.theme.primaryColor"
            legend={t('connectionModal.webChat.color')}
          />
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
            <Choice form={form} name="webChat.theme.mode" options={WIDGET_THEME_MODES} label="mode" />
            <Choice form={form} name="webChat.theme.position" options={WIDGET_POSITIONS} label="position" />
            <Choice form={form} name="webChat.theme.launcherIcon" options={WIDGET_ICONS} label="icon" />
          </SimpleGrid>
          <FormField
            label={t('connectionModal.webChat.launcherText')}
            helperText={t('connectionModal.webChat.launcherTextHint')}
            error={errors?.launcherText?.message}
          >
            <Input autoComplete="off" {...form.register('webChat.theme.launcherText')} />
          </FormField>
        </Stack>
      </Fieldset.Root>
    </Stack>
  )
}

function Toggle({
  form,
  name,
  label,
}: {
  form: Form
  name: 'webChat.verifiedOnly' | 'webChat.offlineEmail'
  label: string
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => <SwitchButton label={label} checked={field.value} onChange={field.onChange} />}
    />
  )
}

/** A select of the theme's choices, each option named by its translation (`…mode.light`). */
function Choice({
  form,
  name,
  options,
  label,
}: {
  form: Form
  name: ChoiceName
  options: readonly string[]
  label: 'mode' | 'position' | 'icon'
}) {
  const t = useT()
  return (
    <FormField label={t(`connectionModal.webChat.${label}`)}>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field {...form.register(name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`connectionModal.webChat.${label}.${option}` as MessageId)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FormField>
  )
}
