import { useConnectionMutations } from '@desk/api-client/hooks'
import { type TelephonyTestInput, type TelephonyTestResult, useNotify } from '@desk/ui'
import { useState } from 'react'

type Result = TelephonyTestResult | 'testing' | null

import { asUiError } from '../../../lib/errors'

/**
 * The connection modal's "Test credentials": what the fields hold, with the saved Auth Token (and SID)
 * of the connection being edited standing in for an empty field. The result is forgotten when another
 * connection opens.
 */
export function useTelephonyTest(connectionId: number | undefined) {
  const notify = useNotify()
  const { testTelephony } = useConnectionMutations()
  // Kept with the connection it was about, so another one opens without it.
  const [state, setState] = useState<{ connectionId?: number; result: Result }>({ result: null })
  const onTest = async ({ provider, accountSid, authToken }: TelephonyTestInput) => {
    setState({ connectionId, result: 'testing' })
    try {
      setState({ connectionId, result: await testTelephony({ connectionId, provider, accountSid, authToken }) })
    } catch (error) {
      setState({ connectionId, result: null })
      notify.error(asUiError(error))
    }
  }
  return {
    result: state.connectionId === connectionId ? state.result : null,
    onTest: (input: TelephonyTestInput) => void onTest(input),
  }
}
