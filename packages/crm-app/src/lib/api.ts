import { createApiClient } from '@desk/api-client/client'

/** The app's one API client: same origin under /api unless VITE_API_URL points elsewhere. */
export const apiClient = createApiClient({ baseUrl: import.meta.env.VITE_API_URL || '/api' })
