-- A small dump in the shape of the DLP's export, for the ingester's tests.
SET SQL_MODE = "NO_AUTO_VALUE_ON_ZERO";

CREATE TABLE IF NOT EXISTS `Ages` (
  `Id` int(11) NOT NULL,
  `Age` varchar(45) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=6 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Categories` (
  `Id` int(11) NOT NULL,
  `Category` varchar(45) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=38 DEFAULT CHARSET=utf32;

CREATE TABLE IF NOT EXISTS `Concepts` (
  `Id` int(11) NOT NULL,
  `ShortName` varchar(45) NOT NULL,
  `FullName` text NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Evidence` (
  `Id` int(11) NOT NULL,
  `TypeId` int(11) NOT NULL,
  `GameId` int(11) NOT NULL,
  `RulesetId` int(11) DEFAULT NULL,
  `DateStart` date DEFAULT NULL,
  `DateStartBC` tinyint(1) DEFAULT '0',
  `DateEnd` date DEFAULT NULL,
  `DateEndBC` tinyint(1) DEFAULT '0',
  `Location` text,
  `KML` varchar(45) DEFAULT NULL,
  `Rules` text,
  `Misc` text,
  `ConfidenceMultiplier` int(11) NOT NULL DEFAULT '100',
  `Username` varchar(45) NOT NULL DEFAULT 'Walter.Crist',
  `Verified` tinyint(1) NOT NULL DEFAULT '1',
  `DateAdded` timestamp NULL DEFAULT CURRENT_TIMESTAMP
) ENGINE=InnoDB AUTO_INCREMENT=1428 DEFAULT CHARSET=utf8 ROW_FORMAT=COMPACT;

CREATE TABLE IF NOT EXISTS `EvidenceAges` (
  `Id` int(11) NOT NULL,
  `EvidenceId` int(11) NOT NULL,
  `AgeId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=215 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `EvidenceGenders` (
  `Id` int(11) NOT NULL,
  `EvidenceId` int(11) NOT NULL,
  `GenderId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=218 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `EvidenceLudemeInfos` (
  `Id` int(11) NOT NULL,
  `EvidenceId` int(11) NOT NULL,
  `ludemeInfoId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=206 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `EvidenceLudemeplexes` (
  `Id` int(11) NOT NULL,
  `EvidenceId` int(11) NOT NULL,
  `LudemeplexId` int(11) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `EvidenceSocialStatuses` (
  `Id` int(11) NOT NULL,
  `EvidenceId` int(11) NOT NULL,
  `SocialStatusId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=211 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `EvidenceSources` (
  `Id` int(11) NOT NULL,
  `SourceId` int(11) NOT NULL,
  `EvidenceId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=1869 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `EvidenceSpaces` (
  `Id` int(11) NOT NULL,
  `EvidenceId` int(11) NOT NULL,
  `SpaceId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=229 DEFAULT CHARSET=utf8 ROW_FORMAT=COMPACT;

CREATE TABLE IF NOT EXISTS `EvidenceTypes` (
  `Id` int(11) NOT NULL,
  `EvidenceType` varchar(90) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=10 DEFAULT CHARSET=utf8 ROW_FORMAT=COMPACT;

CREATE TABLE IF NOT EXISTS `EvidenceUncertaintyFactors` (
  `Id` int(11) NOT NULL,
  `EvidenceId` int(11) NOT NULL,
  `UncertaintyFactorId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=1011 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `GameCategories` (
  `Id` int(11) NOT NULL,
  `GameId` int(11) NOT NULL,
  `CategoryId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=743 DEFAULT CHARSET=utf32;

CREATE TABLE IF NOT EXISTS `GamePeriods` (
  `Id` int(11) NOT NULL,
  `GameId` int(11) NOT NULL,
  `PeriodId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=323 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `GameRegions` (
  `Id` int(11) NOT NULL,
  `GameId` int(11) NOT NULL,
  `RegionId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=425 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `GameRulesets` (
  `Id` int(11) NOT NULL,
  `GameId` int(11) NOT NULL,
  `Name` varchar(45) NOT NULL DEFAULT 'Default',
  `NativeName` varchar(45) DEFAULT NULL,
  `Summary` text,
  `Type` int(11) NOT NULL DEFAULT '1',
  `Description` text,
  `Rules` text,
  `Reference` text,
  `Origin` text,
  `Author` varchar(45) DEFAULT NULL,
  `Publisher` varchar(45) DEFAULT NULL,
  `Date` date DEFAULT NULL,
  `OriginPoint` varchar(45) DEFAULT NULL,
  `EvidenceRange` varchar(45) DEFAULT NULL
) ENGINE=InnoDB AUTO_INCREMENT=707 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Games` (
  `Id` int(11) NOT NULL,
  `Name` varchar(45) NOT NULL,
  `NativeName` varchar(45) DEFAULT NULL,
  `Description` text,
  `MainRuleset` int(11) DEFAULT NULL,
  `LudiiRuleset` int(11) DEFAULT NULL,
  `Reference` text,
  `Origin` text,
  `DLPGame` tinyint(1) NOT NULL DEFAULT '1',
  `PublicGame` tinyint(1) NOT NULL DEFAULT '1',
  `knownAliases` text,
  `Author` varchar(255) DEFAULT NULL,
  `Publisher` varchar(255) DEFAULT NULL,
  `Date` date DEFAULT NULL,
  `ProprietaryGame` int(11) NOT NULL DEFAULT '0',
  `Credit` text,
  `SeeAlso` varchar(255) DEFAULT NULL,
  `BGGId` int(11) DEFAULT NULL,
  `OriginPoint` varchar(45) DEFAULT NULL,
  `EvidenceRange` varchar(45) DEFAULT NULL
) ENGINE=InnoDB AUTO_INCREMENT=604 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `GameSources` (
  `Id` int(11) NOT NULL,
  `SourceId` int(11) NOT NULL,
  `GameId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=1677 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Genders` (
  `Id` int(11) NOT NULL,
  `Gender` varchar(45) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=5 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `LudemeInfos` (
  `Id` int(11) NOT NULL,
  `LudemeInfo` varchar(90) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=32 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `LudemeplexConcepts` (
  `Id` int(11) NOT NULL,
  `LudemeplexId` int(11) NOT NULL,
  `ConceptId` int(11) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Ludemeplexes` (
  `Id` int(11) NOT NULL,
  `Description` text NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `LudemeplexLudemes` (
  `Id` int(11) NOT NULL,
  `LudemeplexId` int(11) NOT NULL,
  `LudemeId` int(11) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `LudemeplexMathKeywords` (
  `Id` int(11) NOT NULL,
  `LudemeplexId` int(11) NOT NULL,
  `MathId` int(11) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Ludemes` (
  `Id` int(11) NOT NULL,
  `ShortName` varchar(45) NOT NULL,
  `FullName` text NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=401 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `MatchGamePairings` (
  `Id` int(11) NOT NULL,
  `ParentId` int(11) NOT NULL,
  `ChildId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=9 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `MathKeywords` (
  `Id` int(11) NOT NULL,
  `ShortName` varchar(45) NOT NULL,
  `FullName` varchar(255) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=372 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Periods` (
  `Id` int(11) NOT NULL,
  `Period` varchar(45) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=4 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Regions` (
  `Id` int(11) NOT NULL,
  `Region` varchar(45) NOT NULL,
  `Continent` varchar(45) NOT NULL,
  `Direction` varchar(45) DEFAULT NULL
) ENGINE=InnoDB AUTO_INCREMENT=24 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `RulesetLudemeplexes` (
  `Id` int(11) NOT NULL,
  `RulesetId` int(11) NOT NULL,
  `LudemeplexId` int(11) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `RulesetPeriods` (
  `Id` int(11) NOT NULL,
  `RulesetId` int(11) NOT NULL,
  `PeriodId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=25 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `RulesetRegions` (
  `Id` int(11) NOT NULL,
  `RulesetId` int(11) NOT NULL,
  `RegionId` int(11) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=34 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `RulesetTypes` (
  `Id` int(11) NOT NULL,
  `Name` varchar(45) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=7 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `SocialStatuses` (
  `Id` int(11) NOT NULL,
  `SocialStatus` varchar(45) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=11 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Sources` (
  `Id` int(11) NOT NULL,
  `Source` text NOT NULL,
  `URL` text
) ENGINE=InnoDB AUTO_INCREMENT=547 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `Spaces` (
  `Id` int(11) NOT NULL,
  `Space` varchar(45) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=13 DEFAULT CHARSET=utf8;

CREATE TABLE IF NOT EXISTS `UncertaintyFactors` (
  `Id` int(11) NOT NULL,
  `UncertaintyFactor` varchar(45) NOT NULL
) ENGINE=InnoDB AUTO_INCREMENT=19 DEFAULT CHARSET=utf8;

INSERT INTO `Ages` (`Id`, `Age`) VALUES
(1, 'All'),
(5, 'Adult');
INSERT INTO `EvidenceTypes` (`Id`, `EvidenceType`) VALUES
(2, 'Contemporary rule description'),
(4, 'Artistic depiction');
INSERT INTO `RulesetTypes` (`Id`, `Name`) VALUES
(1, 'Described'),
(2, 'Reconstructed');
INSERT INTO `Periods` (`Id`, `Period`) VALUES
(1, 'Ancient'),
(3, 'Modern');
INSERT INTO `Regions` (`Id`, `Region`, `Continent`, `Direction`) VALUES
(9, 'Western Asia', 'Asia', 'West');
INSERT INTO `Categories` (`Id`, `Category`) VALUES
(21, 'Mancala');
INSERT INTO `UncertaintyFactors` (`Id`, `UncertaintyFactor`) VALUES
(8, 'Written about a foreign culture');
INSERT INTO `Sources` (`Id`, `Source`, `URL`) VALUES
(1, 'Hyde, T. 1694. Mandragorias seu historia shahiludii. Oxford: Sheldonian.\r\n', 'https://example.org/hyde'),
(2, 'Pankhurst, R. 1971. Gabata and Related Board Games. Ethiopia Observer 14(3):154-206.', NULL),
(3, 'Pankhurst, R. 1971a. "History of Ethiopian Chess." Journal of Ethiopian Studies 9(2): 149-172.', NULL);
INSERT INTO `Games` (`Id`, `Name`, `NativeName`, `Description`, `MainRuleset`, `LudiiRuleset`, `Reference`, `Origin`, `DLPGame`, `PublicGame`, `knownAliases`, `Author`, `Publisher`, `Date`, `ProprietaryGame`, `Credit`, `SeeAlso`, `BGGId`, `OriginPoint`, `EvidenceRange`) VALUES
(191, 'Baqura', NULL, 'A mancala of Mesopotamia.', 212, 212, 'Hyde 1694: 230', 'Mesopotamia', 1, 1, 'Bakura, Bâqura', NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, '5194,5194'),
(3, 'Senet', NULL, 'A race game.', NULL, NULL, NULL, 'Egypt', 1, 1, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, '900,x');
INSERT INTO `GameCategories` (`Id`, `GameId`, `CategoryId`) VALUES
(1, 191, 21);
INSERT INTO `GamePeriods` (`Id`, `GameId`, `PeriodId`) VALUES
(1, 191, 3),
(2, 3, 1);
INSERT INTO `GameRegions` (`Id`, `GameId`, `RegionId`) VALUES
(1, 191, 9);
INSERT INTO `GameSources` (`Id`, `SourceId`, `GameId`) VALUES
(1, 1, 191);
INSERT INTO `GameRulesets` (`Id`, `GameId`, `Name`, `NativeName`, `Summary`, `Type`, `Description`, `Rules`, `Reference`, `Origin`, `Author`, `Publisher`, `Date`, `OriginPoint`, `EvidenceRange`) VALUES
(212, 191, 'Hyde', NULL, 'As Hyde describes it.', 1, NULL, '2x6 board. Sow anticlockwise.', 'Hyde 1694: 230-232.', NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO `Evidence` (`Id`, `TypeId`, `GameId`, `RulesetId`, `DateStart`, `DateStartBC`, `DateEnd`, `DateEndBC`, `Location`, `KML`, `Rules`, `Misc`, `ConfidenceMultiplier`, `Username`, `Verified`, `DateAdded`) VALUES
(682, 2, 191, 212, '1694-01-01', 0, '1694-12-31', 0, NULL, 'Mesopotamia', '2x6 board.\r\n\r\nSow anticlockwise.', '"Bakura quidem iisdem plane instrumentis, sed alio diverso modo luditur." Hyde 1694: 230.', 100, 'Someone', 1, NULL),
(2, 4, 3, NULL, '2592-01-01', 1, '2566-01-01', 1, ' 29°50''59.34"N,  31°13''0.04"E; 30°0''0"N, 31°0''0"E', NULL, NULL, 'Painting of a Senet board.\r\n\r\nQuibbell 1913: 17-20, Pl. 11, 16.', 100, 'Someone', 1, '0000-00-00 00:00:00'),
(3, 4, 3, 999, '1200-02-30', 1, NULL, 0, '95°0''0"N, 31°0''0"E', NULL, NULL, 'A board scratched on a step.', 150, 'Someone', 0, '2020-05-01 10:00:00');
INSERT INTO `EvidenceAges` (`Id`, `EvidenceId`, `AgeId`) VALUES
(1, 682, 5),
(2, 2, 7);
INSERT INTO `EvidenceSources` (`Id`, `SourceId`, `EvidenceId`) VALUES
(1, 1, 682),
(2, 2, 2),
(3, 3, 2);
INSERT INTO `EvidenceUncertaintyFactors` (`Id`, `EvidenceId`, `UncertaintyFactorId`) VALUES
(1, 682, 8);
CREATE TABLE `Players` (`Id` int(11) NOT NULL);

ALTER TABLE `Ages`
  ADD PRIMARY KEY (`Id`);

/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
