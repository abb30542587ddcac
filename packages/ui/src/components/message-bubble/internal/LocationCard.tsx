import { Box, Button, Center, HStack, Image, Stack, Text } from '@chakra-ui/react'
import { LuExternalLink, LuMapPin } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

export interface LocationCardProps {
  /** An inline `data:image/` thumbnail of the map, or null. */
  image: string | null
  /** The map address; http(s) only (see `parseLocation`). */
  link: string
  description: string
}

/** A place: the map's thumbnail when it came with one, a pin and the description, and a link that opens the map. */
export function LocationCard({ image, link, description }: LocationCardProps) {
  const t = useT()
  const label = description || t('message.location')
  return (
    <Stack gap="2" minWidth="56" maxWidth="72">
      {image && <Image src={image} alt={label} borderRadius="l2" />}
      <HStack gap="2" alignItems="flex-start">
        <Center boxSize="8" flexShrink="0" borderRadius="full" colorPalette="red" bg="colorPalette.subtle">
          <Box asChild color="colorPalette.fg" boxSize="4">
            <LuMapPin aria-hidden />
          </Box>
        </Center>
        <Text textStyle="sm" whiteSpace="pre-line" paddingTop="1" color={description ? undefined : 'fg.muted'}>
          {label}
        </Text>
      </HStack>
      <Button asChild size="xs" variant="surface" colorPalette="gray" alignSelf="flex-start">
        <a href={link} target="_blank" rel="noopener noreferrer">
          <LuExternalLink aria-hidden />
          {t('message.openMap')}
        </a>
      </Button>
    </Stack>
  )
}
