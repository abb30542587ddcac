import { HStack, Icon, Text } from '@chakra-ui/react'
import { LuMessagesSquare } from 'react-icons/lu'
import { useT } from './useT'

/** Product mark: the icon in lime and the name. */
export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  const t = useT()
  return (
    <HStack gap="2" color="fg">
      <Icon color="brand.fg" boxSize={size === 'xl' ? '8' : '6'} aria-hidden>
        <LuMessagesSquare />
      </Icon>
      <Text as="span" textStyle={size} fontWeight="bold" letterSpacing="tight">
        {t('app.name')}
      </Text>
    </HStack>
  )
}
