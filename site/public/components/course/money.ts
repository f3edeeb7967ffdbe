/** Canadian dollars, whole: "$18,900". One formatter, made once. */
const CAD = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: 0 });

export const formatCad = (amount: number): string => CAD.format(amount);
