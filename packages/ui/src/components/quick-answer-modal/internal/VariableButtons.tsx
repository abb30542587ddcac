import { Button, Fieldset, Wrap } from '@chakra-ui/react'
import { useT } from '../../../internal/useT'
import { QUICK_ANSWER_VARIABLES, type QuickAnswerVariable } from './quickAnswerForm'

/** One button a placeholder; each shows what it stands for and inserts `{{variable}}`. */
export function VariableButtons({ onInsert }: { onInsert: (variable: QuickAnswerVariable) => void }) {
  const t = useT()
  return (
    <Fieldset.Root>
      <Fieldset.Legend textStyle="sm" fontWeight="medium">
        {t('quickAnswerModal.variables')}
      </Fieldset.Legend>
      <Wrap gap="2">
        {QUICK_ANSWER_VARIABLES.map((variable) => (
          <Button
            key={variable}
            size="xs"
            variant="outline"
            colorPalette="gray"
            title={`{{${variable}}}`}
            // Keep the focus (and the caret) in the message while clicking.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onInsert(variable)}
          >
            {t(`quickAnswerModal.variable.${variable}`)}
          </Button>
        ))}
      </Wrap>
    </Fieldset.Root>
  )
}
