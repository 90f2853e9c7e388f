const numberFormat = new Intl.NumberFormat("en-US");

/** "1,250 XP". */
export const formatXp = (xp: number) => `${numberFormat.format(xp)} XP`;

/** "340 pts". */
export const formatScore = (score: number) => `${numberFormat.format(score)} pts`;

/** "#1,204". */
export const formatRank = (rank: number) => `#${numberFormat.format(rank)}`;
