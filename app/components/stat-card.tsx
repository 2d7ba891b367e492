import type { ReactNode } from "react";

/** A big figure with its label; the figure and label read as one phrase ("24/7 Live tracking"). */
export function StatCard({ value, label, className = "" }: { value: ReactNode; label: ReactNode; className?: string }) {
  return (
    <div className={`card text-center ${className}`}>
      <p className="text-sm text-stone-600">
        <span className="block text-2xl font-bold text-stone-900">{value}</span> {label}
      </p>
    </div>
  );
}
