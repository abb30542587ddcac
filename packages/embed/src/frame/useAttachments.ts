import type { WidgetAttachment } from '@desk/ui'
import { useEffect, useRef, useState } from 'react'

/** Files chosen for the next message, with previews of the images (object URLs, released when dropped). */
export function useAttachments() {
  const [files, setFiles] = useState<File[]>([])
  const [previews, setPreviews] = useState<(string | null)[]>([])
  const live = useRef<(string | null)[]>([])
  live.current = previews
  useEffect(() => () => release(live.current), [])
  const attachments: WidgetAttachment[] = files.map((file, i) => ({ name: file.name, previewUrl: previews[i] }))
  return {
    attachments,
    add(more: File[]) {
      setFiles((held) => [...held, ...more])
      setPreviews((held) => [
        ...held,
        ...more.map((f) => (f.type.startsWith('image/') ? URL.createObjectURL(f) : null)),
      ])
    },
    remove(index: number) {
      release([previews[index]])
      setFiles((held) => held.filter((_, i) => i !== index))
      setPreviews((held) => held.filter((_, i) => i !== index))
    },
    /** The files to send with the message now; the list starts again empty. */
    take() {
      const taken = files
      release(previews)
      setFiles([])
      setPreviews([])
      return taken
    },
  }
}

const release = (urls: (string | null)[]) => {
  for (const url of urls) if (url) URL.revokeObjectURL(url)
}
