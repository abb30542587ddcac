import { Box, Flex, Image } from '@chakra-ui/react'
import { useState } from 'react'

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')

const SIZES = { sm: '8', md: '10', lg: '20' } as const
const TEXT = { sm: 'xs', md: 'sm', lg: '2xl' } as const

/** A contact's picture, or their initials when there is none or it fails to load. Decorative: the name is beside it. */
export function ContactAvatar({
  name,
  src,
  size = 'md',
}: {
  name: string
  src?: string | null
  size?: keyof typeof SIZES
}) {
  const [failed, setFailed] = useState(false)
  return (
    <Flex
      aria-hidden
      flexShrink="0"
      boxSize={SIZES[size]}
      borderRadius="full"
      overflow="hidden"
      alignItems="center"
      justifyContent="center"
      bg="bg.emphasized"
      color="fg"
      fontWeight="medium"
      textStyle={TEXT[size]}
    >
      {src && !failed ? (
        <Image src={src} alt="" boxSize="full" objectFit="cover" onError={() => setFailed(true)} />
      ) : (
        <Box as="span">{initials(name)}</Box>
      )}
    </Flex>
  )
}
