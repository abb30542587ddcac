import { Box, Text } from '@chakra-ui/react'
import { useT } from '../../../internal/useT'
import { optionId } from './optionId'

export interface QuickAnswer {
  id: number
  shortcut: string
  message: string
}

interface QuickAnswerListProps {
  id: string
  answers: QuickAnswer[]
  active: number
  onPick: (answer: QuickAnswer) => void
}

export { optionId }

/** The quick answers matching what follows the `/`, above the input; the input keeps the focus. */
export function QuickAnswerList({ id, answers, active, onPick }: QuickAnswerListProps) {
  const t = useT()
  return (
    <Box
      as="ul"
      id={id}
      role="listbox"
      aria-label={t('input.quickAnswers')}
      position="absolute"
      insetInline="0"
      bottom="100%"
      marginBottom="1"
      maxHeight="60"
      overflowY="auto"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      boxShadow="md"
      paddingBlock="1"
      zIndex="dropdown"
    >
      {answers.map((answer, index) => (
        <Box
          as="li"
          key={answer.id}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === active}
          paddingInline="3"
          paddingBlock="1.5"
          cursor="pointer"
          bg={index === active ? 'bg.emphasized' : undefined}
          _hover={{ bg: 'bg.muted' }}
          // Keep the focus in the input: a mouse down on an option would take it away.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onPick(answer)}
        >
          <Text textStyle="sm" fontWeight="semibold">
            /{answer.shortcut}
          </Text>
          <Text textStyle="xs" color="fg.muted" truncate>
            {answer.message}
          </Text>
        </Box>
      ))}
    </Box>
  )
}
