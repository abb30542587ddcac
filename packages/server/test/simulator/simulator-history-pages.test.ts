import { describe, expect, it } from 'vitest'
import { openSimulatorNetwork } from '../../src/drivers/simulator-network'

describe("the simulated phone's history, a page at a time", () => {
  it('gives every chat once across pages, with its latest messages, and the count up front', () => {
    const network = openSimulatorNetwork()
    try {
      network.setHistory(
        7,
        Array.from({ length: 120 }, (_, n) => ({
          id: `551191${String(n).padStart(5, '0')}`,
          isGroup: false,
          messages: [1, 2, 3].map((m) => ({
            providerMessageId: `C${n}-M${m}`,
            fromMe: false,
            body: `message ${m}`,
            mediaType: 'chat' as const,
            timestamp: m * 1000,
          })),
        })),
      )
      expect(network.historyCount(7)).toBe(120)
      expect(network.historyCount(7, '55119100003')).toBe(1)
      const pages: string[][] = []
      let after = 0
      for (;;) {
        const page = network.historyPage(7, { limit: 2, after, size: 50 })
        pages.push(page.conversations.map((c) => c.id))
        expect(page.conversations.every((c) => c.messages.map((m) => m.body).join() === 'message 2,message 3')).toBe(
          true,
        )
        if (page.next === null) break
        after = page.next
      }
      expect(pages.map((p) => p.length)).toEqual([50, 50, 20])
      expect(new Set(pages.flat()).size).toBe(120)
      expect(
        network.historyPage(7, { limit: 2, after: 0, size: 50, contact: '55119100003' }).conversations,
      ).toHaveLength(1)
    } finally {
      network.close()
    }
  })
})
