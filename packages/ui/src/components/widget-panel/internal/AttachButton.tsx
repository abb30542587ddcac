import { IconButton } from '@chakra-ui/react'
import { useRef } from 'react'
import { LuPaperclip } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

interface AttachButtonProps {
  onAttach: (files: File[]) => void
  accept?: string
  multiple?: boolean
  disabled?: boolean
}

/** The paperclip and its hidden file input; the same file can be chosen again after a removal. */
export function AttachButton({ onAttach, accept, multiple, disabled }: AttachButtonProps) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="gray"
        aria-label={t('widget.composer.attach')}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <LuPaperclip />
      </IconButton>
      <input
        ref={input}
        type="file"
        hidden
        accept={accept}
        multiple={multiple}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? [])
          e.currentTarget.value = ''
          if (files.length) onAttach(files)
        }}
      />
    </>
  )
}
