import { Button, chakra, HStack, Input, Spinner, Text } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { LuUpload } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { FormField } from '../../../internal/FormField'
import { useT } from '../../../internal/useT'
import { formatFileSize } from '../../../lib/fileSize'
import { type UiError, useErrorText } from '../../error-message/useErrorText'

/** What the server answers for a file put into its outreach folder. */
export interface OutreachUpload {
  /** The path to send (inside the server's outreach folder). */
  path: string
  name: string
  size: number
  mimeType: string
}

interface PathFieldProps {
  field: UseFormRegisterReturn<'url'>
  error?: string
  /** The picker's file types, e.g. `audio/ogg,.ogg`. */
  accept?: string
  /** Uploads the picked file; its answer's path fills the field. Without it there is no picker. */
  onUpload?: (file: File) => Promise<OutreachUpload>
  /** The upload's answer arrived. */
  onUploaded: (upload: OutreachUpload) => void
}

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading' }
  | { kind: 'done'; upload: OutreachUpload }
  | { kind: 'failed'; error: UiError }

/** The code and text of whatever `onUpload` rejected with (an API error, an Error, anything else). */
const asUiError = (e: unknown): UiError => {
  if (typeof e !== 'object' || e === null) return {}
  return {
    code: 'code' in e && typeof e.code === 'string' ? e.code : undefined,
    message: 'message' in e && typeof e.message === 'string' ? e.message : undefined,
  }
}

/** The server path of the file to send (seed /ZDGMedia2, /ZDGMedia3), with a picker that uploads a file there. */
export function PathField({ field, error, accept, onUpload, onUploaded }: PathFieldProps) {
  const t = useT()
  const { locale } = useIntl()
  const errorText = useErrorText()
  const picker = useRef<HTMLInputElement>(null)
  const [state, setState] = useState<UploadState>({ kind: 'idle' })
  const upload = async (file: File) => {
    if (!onUpload) return
    setState({ kind: 'uploading' })
    try {
      const answer = await onUpload(file)
      setState({ kind: 'done', upload: answer })
      onUploaded(answer)
    } catch (e) {
      setState({ kind: 'failed', error: asUiError(e) })
    }
  }
  return (
    <FormField label={t('outreach.path')} error={error} helperText={t('outreach.pathHelp')} required>
      <HStack gap="2" width="full" alignItems="stretch">
        <Input autoComplete="off" spellCheck={false} {...field} />
        {onUpload && (
          <Button
            variant="outline"
            colorPalette="gray"
            flexShrink="0"
            loading={state.kind === 'uploading'}
            loadingText={t('outreach.uploading')}
            spinner={<Spinner size="sm" />}
            onClick={() => picker.current?.click()}
          >
            <LuUpload aria-hidden />
            {t('outreach.upload')}
          </Button>
        )}
      </HStack>
      <chakra.input
        ref={picker}
        type="file"
        accept={accept}
        display="none"
        aria-hidden
        tabIndex={-1}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (file) void upload(file)
        }}
      />
      {state.kind === 'done' && (
        <Text role="status" textStyle="sm" color="fg.muted">
          {t('outreach.uploaded', { name: state.upload.name, size: formatFileSize(state.upload.size, locale) })}
        </Text>
      )}
      {state.kind === 'failed' && (
        <Text role="alert" textStyle="sm" color="fg.error">
          {state.error.code || state.error.message ? errorText(state.error) : t('outreach.uploadFailed')}
        </Text>
      )}
    </FormField>
  )
}
