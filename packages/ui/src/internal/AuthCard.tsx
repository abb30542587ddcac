import { Card, Center, Heading, Link, Stack, Text } from '@chakra-ui/react'
import type { FormEventHandler, ReactNode } from 'react'
import { Logo } from './Logo'
import { navigateOnClick } from './navigation'

export interface AuthCardProps {
  title: string
  subtitle: string
  onSubmit: FormEventHandler<HTMLFormElement>
  children: ReactNode
  linkText: string
  /** Where the link to the other form points; without it, no link (sign-up closed). */
  linkHref?: string
  onNavigate?: (href: string) => void
}

/** The frame shared by the login and signup forms: logo, heading, form, link to the other form. */
export function AuthCard({ title, subtitle, onSubmit, children, linkText, linkHref, onNavigate }: AuthCardProps) {
  return (
    <Center as="main" minHeight="100dvh" padding="4">
      <Card.Root width="full" maxWidth="sm" variant="elevated" bg="bg.panel">
        <Card.Header alignItems="center" gap="3">
          <Logo size="xl" />
          <Heading as="h1" textStyle="xl">
            {title}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {subtitle}
          </Text>
        </Card.Header>
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="4">{children}</Stack>
          </form>
        </Card.Body>
        {linkHref !== undefined && (
          <Card.Footer justifyContent="center">
            <Link href={linkHref} onClick={navigateOnClick(linkHref, onNavigate)} color="brand.fg" textStyle="sm">
              {linkText}
            </Link>
          </Card.Footer>
        )}
      </Card.Root>
    </Center>
  )
}
