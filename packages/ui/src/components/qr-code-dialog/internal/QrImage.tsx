import { Box } from '@chakra-ui/react'
import { useMemo } from 'react'
import { encode } from 'uqr'

/** The code drawn as one SVG path. Its own module: the QR encoder downloads when a code first shows. */
export default function QrImage({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { data } = encode(value, { border: 2 })
    let d = ''
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { size: data.length, path: d }
  }, [value])
  return (
    <Box bg="white" color="black" borderRadius="l2" lineHeight="0">
      <svg
        role="img"
        aria-label={label}
        width="256"
        height="256"
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
      >
        <path d={path} fill="currentColor" />
      </svg>
    </Box>
  )
}
