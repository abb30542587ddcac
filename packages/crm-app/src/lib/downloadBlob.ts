/** Hands `blob` to the browser as a download named `fileName` (a hidden link, clicked once). */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file to the browser; the object URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
