import type { FieldError } from '@desk/api-client'
import { useMailSettings } from '@desk/api-client/hooks'
import { LoadError, PageContainer, PageHeader, SmtpSettingsForm, type SmtpSettingsValues, useNotify } from '@desk/ui'
import { useState } from 'react'
import { asUiError, fieldErrorsOf } from '../../lib/errors'
import { useT } from '../../lib/useT'

/** /mail (admins): the SMTP server, what closing a ticket sends, a test e-mail and the failed mails. */
export function MailSettingsPage() {
  const t = useT()
  const notify = useNotify()
  const mail = useMailSettings()
  const [saving, setSaving] = useState(false)
  const [testing, setTesting] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([])

  const save = async (values: SmtpSettingsValues) => {
    setSaving(true)
    setFieldErrors([])
    try {
      await mail.save(values)
      notify.success('mail.saved')
    } catch (err) {
      const fields = fieldErrorsOf(err)
      if (fields.length) setFieldErrors(fields)
      else notify.error(asUiError(err))
    } finally {
      setSaving(false)
    }
  }
  const test = async (to: string) => {
    setTesting(true)
    try {
      await mail.test(to)
      notify.success('mail.testSent')
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setTesting(false)
    }
  }
  const retry = async (id: number) => {
    try {
      await mail.retry(id)
    } catch (err) {
      notify.error(asUiError(err))
    }
  }

  return (
    <PageContainer maxWidth="4xl">
      <PageHeader title={t('mail.title')} />
      {mail.settings ? (
        <SmtpSettingsForm
          settings={mail.settings}
          onSave={save}
          isSaving={saving}
          fieldErrors={fieldErrors}
          onTest={test}
          isTesting={testing}
          failed={mail.failed}
          isLoadingFailed={mail.isLoadingFailed}
          failedError={mail.failedError ? asUiError(mail.failedError) : null}
          onReloadFailed={() => void mail.reload()}
          onRetry={retry}
        />
      ) : mail.settingsError ? (
        <LoadError error={asUiError(mail.settingsError)} onRetry={() => void mail.reload()} />
      ) : (
        <div aria-busy />
      )}
    </PageContainer>
  )
}

export default MailSettingsPage
