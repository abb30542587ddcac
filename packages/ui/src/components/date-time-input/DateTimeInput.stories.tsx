import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { FormField } from '../../internal/FormField'
import { useT } from '../../internal/useT'
import { DateTimeInput, type DateTimeInputProps } from './DateTimeInput'

/** The input as a form holds it: its label from the messages, the value kept by the story. */
function Demo(args: DateTimeInputProps) {
  const t = useT()
  const [value, setValue] = useState(args.value)
  return (
    <Box width="xs">
      <FormField label={t(args.mode === 'datetime' ? 'outreach.startAt' : 'outreach.sendDate')}>
        <DateTimeInput
          {...args}
          value={value}
          onChange={(next) => {
            setValue(next)
            args.onChange(next)
          }}
        />
      </FormField>
    </Box>
  )
}

const meta = {
  title: 'Components/DateTimeInput',
  component: DateTimeInput,
  args: { mode: 'date', value: '', onChange: fn() },
  render: (args) => <Demo {...args} />,
  tags: ['autodocs'],
} satisfies Meta<typeof DateTimeInput>

export default meta
type Story = StoryObj<typeof meta>

const field = (canvasElement: HTMLElement) => within(canvasElement).getByRole('textbox')

/** Digits typed day first: the slashes go in by themselves and the form gets the date as `YYYY-MM-DD`. */
export const TypesDayFirst: Story = {
  play: async ({ args, canvasElement }) => {
    const input = field(canvasElement)
    await expect(input).toHaveAttribute('placeholder', 'dd/mm/yyyy')
    await userEvent.type(input, '20012026')
    await expect(input).toHaveValue('20/01/2026')
    await expect(args.onChange).toHaveBeenLastCalledWith('2026-01-20')
  },
}

/** A date and time: `dd/mm/yyyy hh:mm`, handed on as `YYYY-MM-DDTHH:mm`. */
export const DateAndTime: Story = {
  args: { mode: 'datetime' },
  play: async ({ args, canvasElement }) => {
    const input = field(canvasElement)
    await userEvent.type(input, '16/01/2026 18:30')
    await expect(input).toHaveValue('16/01/2026 18:30')
    await expect(args.onChange).toHaveBeenLastCalledWith('2026-01-16T18:30')
  },
}

/** A value the form already holds shows day first. */
export const Filled: Story = {
  args: { mode: 'datetime', value: '2026-01-16T09:05' },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toHaveValue('16/01/2026 09:05')
  },
}

/** Backspace removes a separator with the digit before it, and a day that does not exist stays as typed. */
export const EditingByKeyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const input = field(canvasElement)
    await userEvent.type(input, '3102')
    await expect(input).toHaveValue('31/02')
    await userEvent.keyboard('{Backspace}{Backspace}')
    await expect(input).toHaveValue('31')
    await userEvent.type(input, '022026')
    await expect(input).toHaveValue('31/02/2026')
    await expect(args.onChange).toHaveBeenLastCalledWith('31/02/2026')
  },
}

/** The pattern in the reader's language (día/dia, mes, año/ano): Spanish. */
export const Spanish: Story = {
  args: { mode: 'datetime' },
  globals: { locale: 'es' },
  play: async ({ canvasElement }) => {
    await expect(field(canvasElement)).toHaveAttribute('placeholder', 'dd/mm/aaaa hh:mm')
  },
}

/** Empty and filled, date and date-time, in the three languages: one matrix, one picture. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      columns: 4,
      dimensions: [
        { name: 'locale', values: ['en', 'pt-BR', 'es'] },
        {
          name: 'state',
          values: ['date', 'date, filled', 'date-time', 'date-time, filled'],
          props: (state: string) => ({
            mode: state.startsWith('date-time') ? 'datetime' : 'date',
            value: state.endsWith('filled') ? (state.startsWith('date-time') ? '2026-01-16T18:30' : '2026-01-20') : '',
          }),
        },
      ],
    },
  },
}
