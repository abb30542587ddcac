import type { BotKind, BotTestResponse } from '@desk/api-client'
import { useBotAudit, useBotConfigs } from '@desk/api-client/hooks'
import { BotSettings, PageContainer, PageHeader, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError, fieldErrorsOf } from '../../lib/errors'
import { useT } from '../../lib/useT'

/** /bots (admins): each bot's URL, secret, enabled and stop words, a test console, and who switched what. */
export function BotsPage() {
  const t = useT()
  const notify = useNotify()
  const { configs, isLoading, error, reload, save, test } = useBotConfigs()
  const audit = useBotAudit()
  const [kind, setKind] = useState<BotKind>('dialogflow')
  const [saving, setSaving] = useState<BotKind | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const [testing, setTesting] = useState<BotKind | null>(null)
  const [result, setResult] = useState<(BotTestResponse & { kind: BotKind }) | null>(null)

  const onSave = async (
    which: BotKind,
    values: { url: string; secret?: string; enabled: boolean; stopWords: string },
  ) => {
    setSaving(which)
    setFieldErrors({})
    try {
      await save(which, values)
      notify.success('bots.saved')
      audit.reload()
    } catch (err) {
      const fields = fieldErrorsOf(err)
      if (fields.length) setFieldErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])))
      else notify.error(asUiError(err))
    } finally {
      setSaving(null)
    }
  }

  const onTest = async (which: BotKind, text: string) => {
    setTesting(which)
    try {
      setResult({ ...(await test(which, text)), kind: which })
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setTesting(null)
    }
  }

  return (
    <PageContainer maxWidth="5xl">
      <PageHeader title={t('bots.title')} />
      <BotSettings
        configs={configs ?? []}
        isLoading={isLoading}
        error={error ? asUiError(error) : null}
        onRetry={reload}
        kind={kind}
        onKindChange={(next) => {
          setKind(next)
          setFieldErrors({})
        }}
        onSave={(which, values) => void onSave(which, values)}
        savingKind={saving}
        fieldErrors={fieldErrors}
        onTest={(which, text) => void onTest(which, text)}
        testingKind={testing}
        testResult={result}
        audit={audit.entries}
        auditLoading={audit.isLoading}
        auditError={audit.error ? asUiError(audit.error) : null}
        onAuditRetry={audit.reload}
        auditHasMore={audit.hasMore}
        onAuditMore={audit.loadMore}
      />
    </PageContainer>
  )
}

export default BotsPage
