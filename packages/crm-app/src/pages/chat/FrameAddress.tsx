import { useSettings } from '@desk/api-client/hooks'
import { FrameAddressForm, type UiError } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../lib/errors'

/** An administrator's form for a framed page's address (a setting); the page reloads to frame it. */
export function FrameAddress({ settingKey }: { settingKey: string }) {
  const { valueOf: settingOf, update } = useSettings()
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<UiError | null>(null)
  return (
    <FrameAddressForm
      value={settingOf(settingKey) ?? ''}
      isSaving={saving}
      error={error}
      onSave={async (value) => {
        setSaving(true)
        setError(null)
        try {
          await update(settingKey, value)
          // The page's Content-Security-Policy names the framed site: a new address needs a fresh page.
          if (value) window.location.reload()
        } catch (cause) {
          setError(asUiError(cause))
        } finally {
          setSaving(false)
        }
      }}
    />
  )
}
