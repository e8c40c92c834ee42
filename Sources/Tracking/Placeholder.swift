import Imaging
