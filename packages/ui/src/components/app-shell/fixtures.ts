import type { NavSection } from '../../internal/navItems'

/** An example menu for the stories (the app builds its own from its page table). */
export const exampleNav = (isAdmin: boolean): NavSection[] => [
  {
    items: [
      { href: '/', label: 'nav.dashboard', icon: 'dashboard' },
      { href: '/tickets', label: 'nav.tickets', icon: 'tickets' },
      { href: '/kanban', label: 'nav.kanban', icon: 'kanban' },
      { href: '/connections', label: 'nav.connections', icon: 'connections', showsConnectionsAlert: true },
      { href: '/contacts', label: 'nav.contacts', icon: 'contacts' },
      { href: '/quickAnswers', label: 'nav.quickAnswers', icon: 'quickAnswers' },
    ],
  },
  {
    heading: 'nav.outreach',
    paletteDetail: 'nav.outreach',
    items: [
      { href: '/send/text', label: 'nav.outreach.bulkText', icon: 'bulkText' },
      { href: '/send/media', label: 'nav.outreach.bulkMedia', icon: 'bulkMedia' },
      { href: '/send/file', label: 'nav.outreach.bulkFile', icon: 'bulkFile' },
      { href: '/send/audio', label: 'nav.outreach.bulkAudio', icon: 'bulkAudio' },
      { href: '/schedule', label: 'nav.outreach.schedule', icon: 'schedule' },
      { href: '/history', label: 'nav.outreach.importHistory', icon: 'importHistory' },
      { href: '/jobs', label: 'nav.outreach.jobs', icon: 'jobs' },
    ],
  },
  ...(isAdmin
    ? [
        {
          heading: 'nav.administration',
          items: [
            { href: '/users', label: 'nav.users', icon: 'users' },
            { href: '/queues', label: 'nav.queues', icon: 'queues' },
            { href: '/tags', label: 'nav.tags', icon: 'tags' },
            { href: '/settings', label: 'nav.settings', icon: 'settings' },
            { href: '/mail', label: 'nav.mail', icon: 'mail' },
            { href: '/bots', label: 'nav.bots', icon: 'bots' },
          ],
        } satisfies NavSection,
      ]
    : []),
]
