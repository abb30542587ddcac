import { Alert, Button, Flex, Text } from '@chakra-ui/react'
import { LuCopy } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

export interface CreatedGroupInfo {
  name: string
  /** Null when the network gave none. */
  inviteLink: string | null
  /** The contact was sent the invite link instead of being added (networks that add nobody directly). */
  invited?: boolean
}

/** The group just created, with its invite link to copy. */
export function CreatedGroup({ group, onCopy }: { group: CreatedGroupInfo; onCopy?: (link: string) => void }) {
  const t = useT()
  const link = group.inviteLink
  return (
    <Alert.Root status="success" variant="subtle" role="status">
      <Alert.Indicator />
      <Alert.Content gap="2">
        <Alert.Title>{t('groups.created', { name: group.name })}</Alert.Title>
        <Alert.Description>
          {link ? (
            <Flex gap="2" align="center" wrap="wrap">
              <Text as="span" fontFamily="mono" wordBreak="break-all">
                {link}
              </Text>
              {onCopy && (
                <Button size="xs" variant="outline" colorPalette="gray" onClick={() => onCopy(link)}>
                  <LuCopy aria-hidden />
                  {t('groups.copyLink')}
                </Button>
              )}
            </Flex>
          ) : null}
          {group.invited && <Text marginTop={link ? '1' : '0'}>{t('groups.createdNoInvite')}</Text>}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
