import { Button, HStack } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import { useT } from '../../../internal/useT'
import { nextPlaybackRate } from '../types'

interface AudioPlayerProps {
  src: string
  playbackRate: number
  onPlaybackRateChange?: (rate: number) => void
}

/** An audio message with a speed button cycling 0.5, 1, 1.5, 2. */
export function AudioPlayer({ src, playbackRate, onPlaybackRateChange }: AudioPlayerProps) {
  const t = useT()
  const { formatNumber } = useIntl()
  const ref = useRef<HTMLAudioElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.playbackRate = playbackRate
  }, [playbackRate])
  return (
    <HStack gap="2">
      {/* biome-ignore lint/a11y/useMediaCaption: voice messages have no captions to offer. */}
      <audio ref={ref} src={src} controls preload="metadata" style={{ maxWidth: '100%' }} />
      <Button
        size="xs"
        variant="surface"
        colorPalette="gray"
        minWidth="12"
        aria-label={t('message.speed', { count: playbackRate })}
        onClick={() => onPlaybackRateChange?.(nextPlaybackRate(playbackRate))}
      >
        {formatNumber(playbackRate)}x
      </Button>
    </HStack>
  )
}
