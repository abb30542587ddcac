import { useEffect, useRef } from 'react'

export interface InfiniteScrollOptions {
  hasMore?: boolean
  isLoading?: boolean
  onLoadMore?: () => void
  /** How close to the bottom of the scroll container, in px, the next page is asked for. */
  threshold?: number
  /** Re-check after each page arrives: a short page may leave the end in view. */
  itemCount: number
}

/**
 * Calls `onLoadMore` when the sentinel at the end of the list comes within `threshold` px of the
 * bottom of the scroll container (an IntersectionObserver rooted at the container).
 */
export function useInfiniteScroll({
  hasMore,
  isLoading,
  onLoadMore,
  threshold = 100,
  itemCount,
}: InfiniteScrollOptions) {
  const rootRef = useRef<HTMLDivElement>(null)
  const sentinelRef = useRef<HTMLDivElement>(null)
  const loadMore = useRef(onLoadMore)
  loadMore.current = onLoadMore

  // biome-ignore lint/correctness/useExhaustiveDependencies: itemCount re-observes once a page has been appended.
  useEffect(() => {
    const root = rootRef.current
    const sentinel = sentinelRef.current
    if (!hasMore || isLoading || !root || !sentinel || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && loadMore.current?.(),
      {
        root,
        rootMargin: `0px 0px ${threshold}px 0px`,
      },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [hasMore, isLoading, threshold, itemCount])

  return { rootRef, sentinelRef }
}
