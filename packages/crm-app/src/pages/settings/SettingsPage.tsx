import { useSession, useSettings } from '@desk/api-client/hooks'
import { ErrorMessage, PageContainer, PageHeader, SettingsForm, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'

/** /settings: each change is saved at once (PUT /settings/:key); the API token can be copied or regenerated. */
export function SettingsPage() {
  const t = useT()
  const notify = useNotify()
  const { isAdmin } = useSession()
  const { settings, isLoading, error, update } = useSettings()
  const [isRegenerating, setRegenerating] = useState(false)

  const onChange = async (key: string, value: string) => {
    try {
      await update(key, value)
      notify.success('toasts.settingsSaved')
    } catch (err) {
      notify.error(asUiError(err))
    }
  }

  const onRegenerateToken = async () => {
    setRegenerating(true)
    try {
      await update('userApiToken', 'regenerate')
      notify.success('toasts.tokenRegenerated')
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setRegenerating(false)
    }
  }

  const onCopyToken = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token)
      notify.success('toasts.tokenCopied')
    } catch (err) {
      notify.error(asUiError(err))
    }
  }

  return (
    <PageContainer maxWidth="3xl">
      <PageHeader title={t('settings.title')} />
      <ErrorMessage error={error ? asUiError(error) : null} />
      <SettingsForm
        settings={settings ?? []}
        onChange={onChange}
        onRegenerateToken={onRegenerateToken}
        onCopyToken={onCopyToken}
        isAdmin={isAdmin}
        isLoading={isLoading}
        isRegenerating={isRegenerating}
      />
    </PageContainer>
  )
}

export default SettingsPage
