// Grey placeholders in the shape of what is loading (the spec's Screens: variants for admin, website and
// default). Shown only while data really is on its way: no artificial delay.
export type SkeletonVariant = 'admin' | 'website' | 'default';

export function Skeleton({
  variant = 'default',
  label = 'Indlæser…',
}: {
  variant?: SkeletonVariant;
  label?: string;
}) {
  return (
    <div className={`skeleton skeleton-${variant}`} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {variant === 'admin' ? (
        <>
          <div className="skeleton-bar skeleton-heading" />
          <div className="skeleton-grid">
            <div className="skeleton-card" />
            <div className="skeleton-card" />
            <div className="skeleton-card" />
          </div>
        </>
      ) : variant === 'website' ? (
        <>
          <div className="skeleton-hero" />
          <div className="skeleton-bar" />
          <div className="skeleton-bar skeleton-short" />
        </>
      ) : (
        <>
          <div className="skeleton-bar skeleton-heading" />
          <div className="skeleton-bar" />
          <div className="skeleton-bar" />
          <div className="skeleton-bar skeleton-short" />
        </>
      )}
    </div>
  );
}
